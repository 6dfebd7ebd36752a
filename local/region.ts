// The one region of the local runtime: the stand-ins answer for it, and the events handed to the
// functions name it. Apart from stand-ins.ts, so the main thread need not load the stand-ins to know it.
export const region = 'eu-central-1';
