import { build, serviceVersion, taxAuthorityName, today } from '#shared/config.ts';
import { acceptedYears, datenartVersion } from '#shared/domain/years.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

const kinds = ['est', 'ustva'] as const;

export const handler = apiHandler(async () => {
  const day = today();
  const years = { est: acceptedYears('est', day), ustva: acceptedYears('ustva', day) };
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
      datenart_versions: kinds.flatMap((kind) => years[kind].map((year) => datenartVersion(kind, year))),
    },
  };
});
