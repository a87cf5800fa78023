package solventa.quote.node;

import com.typesafe.config.Config;
import solventa.adapter.AdapterSettings;
import solventa.quote.profile.EntityBounds;
import solventa.quote.profile.PartnerBudget;
import solventa.quote.profile.RefreshAdmission;
import solventa.quote.profile.UnknownCustomers;
import solventa.quote.settings.DispatcherSettings;
import solventa.quote.settings.HttpTimeouts;
import solventa.quote.settings.QuoteSettings;
import solventa.quote.settings.RefreshSettings;
import solventa.quote.settings.ShutdownSettings;

/**
 * Every setting a quote node reads before it starts anything, so that a bad value refuses the start
 * before rating, Redis or the actor system come up: the {@code quote} namespace, the profile
 * entities' bounds and unknown customers, the warm-up, the dispatcher, the graceful stop, the
 * pacing of background refreshes, the HTTP timeouts and each partner's budget of provider calls for
 * customers new to the node (the default provider's {@code partner-budget}, read with the adapter's
 * settings).
 */
record NodeSettings(
    QuoteSettings quote,
    EntityBounds entityBounds,
    UnknownCustomers unknownCustomers,
    WarmupSettings warmup,
    DispatcherSettings dispatcher,
    ShutdownSettings shutdown,
    RefreshAdmission refresh,
    HttpTimeouts timeouts,
    PartnerBudget partnerBudget) {

  /** Reads them from the node's whole configuration; the first bad value met is refused. */
  static NodeSettings fromConfig(Config config) {
    QuoteSettings settings = QuoteSettings.fromConfig(config);
    EntityBounds entityBounds = EntityBounds.fromConfig(config);
    UnknownCustomers unknownCustomers = UnknownCustomers.fromConfig(config);
    WarmupSettings warmup = WarmupSettings.fromConfig(config);
    DispatcherSettings dispatcher = DispatcherSettings.fromConfig(config);
    ShutdownSettings shutdown = ShutdownSettings.fromConfig(config);
    RefreshAdmission refresh =
        RefreshAdmission.of(RefreshSettings.fromConfig(config, settings.refreshAfter()));
    HttpTimeouts timeouts = HttpTimeouts.fromConfig(config);
    PartnerBudget partnerBudget =
        PartnerBudget.of(
            AdapterSettings.fromConfig(config).defaultProviderSettings().partnerBudget());
    return new NodeSettings(
        settings,
        entityBounds,
        unknownCustomers,
        warmup,
        dispatcher,
        shutdown,
        refresh,
        timeouts,
        partnerBudget);
  }
}
