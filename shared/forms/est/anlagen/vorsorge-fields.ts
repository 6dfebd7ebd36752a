// The request fields of Anlage Vorsorgeaufwand (vorsorge.ts writes and checks them), each with its
// element and the schema's totalDigits from shared/elster/schemas/E10-2022.xsd to E10-2024.xsd,
// apart so the return's model can name their type without depending on the writer.
import * as z from 'zod/mini';
import { money } from '#shared/forms/fields.ts';
import { e10 } from '#shared/forms/est/fields.ts';

const amounts = <K extends string>(keys: readonly K[]) =>
  z.strictObject(Object.fromEntries(keys.map((key) => [key, z.optional(money)])) as Record<K, z.ZodMiniOptional<typeof money>>);

/** Each group of the request: its fields in the schema's order (the writer's), each with its element and the schema's totalDigits. */
export const provisionFields = {
  /** VOR/AVor. */
  pension: {
    employee: { id: 'E2000401', digits: 5 },
    professional: { id: 'E2000501', digits: 6 },
    other_statutory: { id: 'E2000601', digits: 6 },
    refunded: { id: 'E2000703', digits: 12 },
    basic_pension: { id: 'E2000701', digits: 5 },
    employer: { id: 'E2000801', digits: 5 },
    /** The employer's share for a mini-job taxed at a flat rate. */
    employer_minijob: { id: 'E2000901', digits: 5 },
  },
  /** VOR/Beitr_g_KV_PV_Inl/AN: statutory insurance from the wage tax statement (Nr. 25, 26). */
  statutory_health: {
    health: { id: e10.healthInsurance, digits: 5 },
    /** Of `health`, what gives a right to sick pay. */
    health_with_sick_pay: { id: 'E2001405', digits: 5 },
    care: { id: 'E2001505', digits: 4 },
    refunded: { id: 'E2001605', digits: 5 },
    /** Of `refunded`, what gave a right to sick pay. */
    refunded_with_sick_pay: { id: 'E2001705', digits: 5 },
  },
  /** VOR/Beitr_p_KV_PV_Inl: private health insurance (basic cover) and compulsory care insurance. */
  private_health: {
    health: { id: 'E2003104', digits: 5 },
    care: { id: 'E2003202', digits: 4 },
    refunded: { id: 'E2003302', digits: 5 },
    subsidy: { id: 'E2003402', digits: 5 },
  },
  /** VOR/Stfr_AG_Zusch: the employer's tax-free subsidies (Nr. 24 a to c of the wage tax statement). */
  employer_subsidies: {
    statutory_health: { id: 'E2003705', digits: 5 },
    private_health: { id: 'E2003807', digits: 5 },
    statutory_care: { id: 'E2003907', digits: 5 },
  },
} as const;

export type Group = keyof typeof provisionFields;
export const groups = Object.keys(provisionFields) as Group[];
const fieldsOf = <G extends Group>(group: G) => Object.keys(provisionFields[group]) as (keyof (typeof provisionFields)[G] & string)[];

/** VOR/Weit_Sons_VorAW/Pers: the employee's unemployment insurance (Nr. 27). */
export const unemploymentInsurance = { id: 'E2004403', digits: 4 };

export const provisionSchema = z.strictObject({
  pension: z.optional(amounts(fieldsOf('pension'))),
  statutory_health: z.optional(amounts(fieldsOf('statutory_health'))),
  private_health: z.optional(amounts(fieldsOf('private_health'))),
  employer_subsidies: z.optional(amounts(fieldsOf('employer_subsidies'))),
  unemployment_insurance: z.optional(money),
});

export type Provision = z.infer<typeof provisionSchema>;
