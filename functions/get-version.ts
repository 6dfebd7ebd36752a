import { build, serviceVersion, taxAuthorityName, today } from '#shared/config.ts';
import { acceptedYears, datenartVersion, kinds } from '#shared/forms/registry.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

// Alphabetically, as the version has always listed the forms.
const listed = [...kinds].sort();

export const handler = apiHandler(async () => {
  const day = today();
  const years = Object.fromEntries(listed.map((kind) => [kind, acceptedYears(kind, day)]));
  return {
    status: 200,
    message: 'Version',
    data: {
      api_version: 'v2',
      service_version: serviceVersion(),
      build: build(),
      tax_authority: taxAuthorityName(),
      today: day,
      years,
      // Each once: a form whose schema is not per year (the ZM's ZMDO) has one version for all its years.
      datenart_versions: [...new Set(listed.flatMap((kind) => acceptedYears(kind, day).map((year) => datenartVersion(kind, year))))],
    },
  };
});
