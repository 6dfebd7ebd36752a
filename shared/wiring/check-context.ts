import { allowLiveSubmissions, today } from '#shared/config.ts';
import type { CheckContext } from '#shared/forms/check.ts';

/** What a form's check is handed of the day and the stage, read from configuration for each request. */
export const checkContext = (): CheckContext => ({ today: today(), liveSubmissionsAllowed: allowLiveSubmissions() });
