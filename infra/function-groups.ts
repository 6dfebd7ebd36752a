// Which nested stack of a stage builds each function, with everything made for it: its role, log
// group, alias and deployment group, alarms, its routes' integrations and its schedule. A stack holds
// at most 500 resources; a form's functions cost about two dozen, so each form is a group of its own
// and a new form adds a stack instead of growing one (docs/architecture.md, "How a stage is split").

import type { Kind } from '#shared/domain/ticket.ts';
import { apis, functions, pascalCase, queues, schedules, type ApiName, type FunctionName, type FunctionSpec } from '#shared/manifest.ts';

/** The API's functions beside the forms', by what they serve. */
const apiGroups: Partial<Record<FunctionName, string>> = {
  getStatus: 'Tickets',
  getTicket: 'Tickets',
  getNutzdaten: 'Tickets',
  listWebhookAttempts: 'Tickets',
  resendWebhook: 'Tickets',
  getProtocol: 'Tickets',
  listTickets: 'Tickets',
  listEvents: 'Tickets',
  // An upload a letter names: as the submissions, the client's data on its way to a ticket.
  createAttachment: 'Tickets',
  createCertificate: 'Certificates',
  listCertificates: 'Certificates',
  getCertificate: 'Certificates',
  deleteCertificate: 'Certificates',
  setMailboxSchedule: 'Certificates',
  createMailboxCheck: 'Notices',
  getMailboxCheck: 'Notices',
  listNotices: 'Notices',
  getNotice: 'Notices',
  getNoticeFile: 'Notices',
  listTicketNotices: 'Notices',
  getVersion: 'Service',
  getOpenapi: 'Service',
  getDocs: 'Service',
  notFound: 'Service',
};

/** What the queues and the schedules invoke: the work behind the API. */
const workers = new Set<string>([...Object.values(queues).map((queue) => queue.consumer), ...Object.values(schedules).map((schedule) => schedule.function)]);

/** The form whose function `name` is, if any (`form` in shared/manifest.ts). */
export const formOf = (name: FunctionName): Kind | undefined => (functions[name] as FunctionSpec).form;

/** The id of the nested stack that builds `name`: `Form<Kind>` for a form's, otherwise the part of the service it belongs to. */
export function groupOf(name: FunctionName): string {
  const form = formOf(name);
  if (form) return `Form${pascalCase(form)}`;
  if (workers.has(name)) return 'Work';
  const group = apiGroups[name];
  if (group) return group;
  // Another API (the example receiver) is a group of its own.
  const api = (Object.keys(apis) as ApiName[]).find(
    (each) => each !== 'api' && (apis[each].fallback === name || apis[each].routes.some((route) => route.function === name)),
  );
  if (api) return pascalCase(api);
  throw new Error(`Function "${name}" belongs to no group of stacks: name one for it in infra/function-groups.ts`);
}
