import type { FormFacts } from '#shared/forms/form-facts.ts';
import { anmeldungFacts } from '#shared/forms/years.ts';

/**
 * The Lohnsteuer-Anmeldung from 2021, as far back as the UStVA; for 2026 no schema is published
 * yet and the 2025 form is taken (docs/sources.md). Accepted for any year begun; whether its period
 * is open is its rules' part (shared/forms/filing-window.ts).
 */
export const lstaFacts: FormFacts<'lsta'> = anmeldungFacts('lsta', 'LStA');
