import { build, serviceVersion, taxAuthorityName } from '#shared/config.ts';
import { datenartVersion, supportedYears } from '#shared/domain/years.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

const kinds = ['est', 'ustva'] as const;

export const handler = apiHandler(async () => ({
  status: 200,
  message: 'Version',
  data: {
    api_version: 'v2',
    service_version: serviceVersion(),
    build: build(),
    tax_authority: taxAuthorityName(),
    datenart_versions: kinds.flatMap((kind) => supportedYears.map((year) => datenartVersion(kind, year))),
  },
}));
