/**
 * The rules every server of the lab applies to its own settings alike: which bind addresses are
 * loopback ({@link solventa.signals.settings.BindAddress}) and which configured values are weak
 * secrets ({@link solventa.signals.settings.Secret}). Pure functions, no I/O, no name lookups.
 */
package solventa.signals.settings;
