import type { FormFacts } from '#shared/forms/form-facts.ts';
import { anmeldungFacts } from '#shared/forms/years.ts';

/**
 * The filings a UStVA request makes, each its own element in ELSTER's `Steuerfall`: the return for
 * a period, the application for the one-month extension (Dauerfristverlängerung, § 46 UStDV), and
 * the special prepayment monthly filers make with it (Sondervorauszahlung, § 47 UStDV, Kz 38).
 */
export const ustvaTypes = ['voranmeldung', 'dauerfristverlaengerung', 'sondervorauszahlung'] as const;
export type UstvaType = (typeof ustvaTypes)[number];

/**
 * The UStVA from 2021, when ELSTER's current Anmeldungssteuern structure began; for 2026 no schema
 * is published yet and the 2025 form is taken (docs/sources.md). A UStVA is accepted for any year
 * begun; whether its period is open is its rules' part (shared/forms/filing-window.ts).
 */
export const ustvaFacts: FormFacts<'ustva'> = { ...anmeldungFacts('ustva', 'UStVA'), filings: ustvaTypes };
