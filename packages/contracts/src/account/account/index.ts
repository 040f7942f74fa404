/**
 * The operator's account (issue 13): profile, app config, settings, TDS declaration and undertaking,
 * policies, onboarding and client events, one file per section; importers keep using
 * `@bhada/contracts/account`. Field checks live here so the web checks exactly what the server checks;
 * the web shows each field's message from its locales (en, hi) by the message key. A page or the shell
 * takes only the sections it imports (the package has no side effects, ADR 170).
 */

export * from './app-config.ts';
export * from './declarations.ts';
export * from './events.ts';
export * from './fields.ts';
export * from './policies.ts';
export * from './profile.ts';
export * from './profile-edits.ts';
export * from './settings.ts';
