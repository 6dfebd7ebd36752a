import { dissolvedTaxOffice } from '#shared/tax/dissolved-tax-offices.ts';
import { type Land, lands } from '#shared/tax/lands.ts';

// Tax offices (Bundesfinanzamtsnummern) as lists of numbers and inclusive ranges, per Land.

/**
 * Every tax office ERiC knows: rechtlogisch/steuernummer src/Bufas.php, SUPPORTED (the BUFA list
 * of ERiC 44.2) [RL Bufas.php]. Offices that merged into another have left the list for
 * dissolved-tax-offices.ts, which names the office that took over.
 */
const realTaxOffices: Record<Land, string> = {
  BW: '2801 2804-2816 2818-2823 2830-2859 2861-2865 2869-2871 2874 2876-2893 2895-2897 2899',
  BY: '9101-9115 9117 9119 9121 9123-9127 9131-9132 9134 9138-9148 9151-9154 9156-9157 9159 9161-9163 9168-9171 9181-9185 9201-9208 9211-9212 9216-9218 9220-9223 9227-9232 9235 9238 9240-9241 9244 9247-9249 9252 9254-9255 9257-9259',
  BE: '1113-1121 1123-1125 1127 1129-1138',
  BB: '3046 3048-3053 3056-3057 3061-3062 3064-3065',
  HB: '2457 2460 2475 2477',
  HH: '2210 2216-2217 2220 2227-2228 2235 2241-2251',
  HE: '2601-2611 2614 2616 2618-2634 2636-2642 2644-2646',
  MV: '4070 4072 4075 4079-4082 4084 4086-4087 4090',
  NI: '2313-2328 2330 2333-2336 2338 2340-2341 2343-2358 2360-2361 2363-2370 2390-2393',
  NW: '5101-5103 5105-5107 5109 5111-5117 5119-5124 5126 5128 5130-5135 5139 5147 5201-5224 5230 5301-5317 5319 5321-5343 5345-5351 5359 5380',
  RP: '2701-2702 2706 2708-2710 2719 2722-2724 2726-2727 2729-2732 2734-2735 2740-2744',
  SL: '1010 1020 1030 1040 1055 1060 1075 1085',
  SN: '3202-3204 3207-3210 3213-3215 3217-3218 3220 3222-3224 3227-3228 3231-3232 3236-3239',
  ST: '3102-3103 3105-3108 3110 3112 3114-3119',
  SH: '2111 2113 2115-2118 2120 2122 2124-2131 2137 2171-2173 2175-2191',
  TH: '4151 4154-4157 4159 4161-4162 4165-4166 4170-4171',
};

/** Test tax offices: ELSTER takes returns to them only with the Testmerker [RL Bufas::TEST, E]. */
const testTaxOffices: Record<Land, string> = {
  BW: '2866-2868 2872-2873 2875',
  BY: '9172-9173 9179-9180 9186 9197-9199 9272-9280 9282-9283 9296-9297 9299',
  BE: '1194-1198',
  BB: '3093-3094 3096-3098',
  HB: '2497',
  HH: '',
  HE: '2653 2655 2657-2658 2660-2663 2670 2678-2690 2692-2695 2697-2698',
  MV: '4088-4089 4091-4094 4097-4099',
  NI: '2375-2379 2388-2389 2394 2396-2398',
  NW: '5192-5199 5400-5424 5500-5519 5600-5624',
  RP: '2749 2795-2799',
  SL: '1096-1099',
  SN: '3246-3249',
  ST: '3196 3198',
  SH: '2138-2139 2198',
  TH: '4196-4198',
};

/**
 * Berlin checks its tax numbers by procedure A or B, chosen by tax office and district
 * [RL Constants::SUB_PROCEDURES_BE]: B for the districts listed here, A for all others.
 */
const berlinProcedureB: Partial<Record<string, string>> = {
  1113: '201-693',
  1114: '201-693',
  1115: '0-999',
  1116: '1-29 201-693 875-899',
  1117: '201-693',
  1118: '0-999',
  1119: '201-639 680-684',
  1120: '201-693',
  1121: '201-693',
  1123: '201-693',
  1124: '201-693',
  1125: '201-693',
  1131: '0-999',
  1132: '0-999',
  1133: '0-999',
  1134: '0-999',
  1135: '0-999',
  1136: '0-999',
  1137: '0-999',
  1138: '0-999',
  1194: '0-999',
  1195: '0-999',
  1196: '0-999',
  1197: '0-999',
  1198: '0-999',
};

// Parsed once per list: every submission's tax number is looked up.
const parsed = new Map<string, [number, number][]>();
const rangesOf = (list: string) => {
  let ranges = parsed.get(list);
  if (!ranges) parsed.set(list, (ranges = Array.from(list.matchAll(/(\d+)(?:-(\d+))?/g), ([, from, to = from]) => [Number(from), Number(to)])));
  return ranges;
};

function inRanges(list: string, value: number): boolean {
  return rangesOf(list).some(([from, to]) => value >= from && value <= to);
}

const isListed = (offices: Record<Land, string>, bufa: string) => /^\d{4}$/.test(bufa) && Object.values(offices).some((list) => inRanges(list, Number(bufa)));

export const isTestTaxOffice = (bufa: string) => isListed(testTaxOffices, bufa);

/**
 * A real, a test or a dissolved tax office: whether a return to it is live is the Testmerker's
 * business, and whether a dissolved one still takes it that of the period it is for
 * (shared/forms/tax-office.ts).
 */
export const isKnownTaxOffice = (bufa: string) => isListed(realTaxOffices, bufa) || isTestTaxOffice(bufa) || dissolvedTaxOffice(bufa) !== undefined;

export function berlinProcedure(bufa: string, district: string): 'A' | 'B' {
  const districtsOfB = berlinProcedureB[bufa];
  return districtsOfB !== undefined && inRanges(districtsOfB, Number(district)) ? 'B' : 'A';
}

/** The Land a tax office (real or test) belongs to, by its Bundesfinanzamtsnummer; undefined for none known. */
export function landOfTaxOffice(bufa: string): Land | undefined {
  if (!/^\d{4}$/.test(bufa)) return undefined;
  return lands.find((land) => inRanges(realTaxOffices[land], Number(bufa)) || inRanges(testTaxOffices[land], Number(bufa)));
}
