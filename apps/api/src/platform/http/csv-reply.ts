import type { FastifyReply } from 'fastify';

/** Sends `csv` as a download saved as `fileName` (the admin's exports). */
export function sendCsv<R extends FastifyReply>(reply: R, fileName: string, csv: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(csv);
}
