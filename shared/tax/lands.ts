/** The Länder by their codes: each has its own tax offices and its own notation of tax numbers. */
export const lands = ['BW', 'BY', 'BE', 'BB', 'HB', 'HH', 'HE', 'MV', 'NI', 'NW', 'RP', 'SL', 'SN', 'ST', 'SH', 'TH'] as const;
export type Land = (typeof lands)[number];
