package solventa.quote.stats;

import solventa.adapter.AdapterSnapshot;

/**
 * What the stats read from the node's adapter when they are reset or served: its count of provider
 * calls and its snapshot. The node's seam to the adapter ({@code profile.ProviderPort}) is one, so
 * the stats need nothing from the profile package, which counts into them.
 */
public interface AdapterReadings {

  /** Calls that actually reached the provider, as the adapter counts them. */
  long providerCalls();

  AdapterSnapshot snapshot();
}
