/**
 * The partitions an index or a table of notes spreads its writes over, so that no partition takes
 * every write: a ticket ID's last character is random, and picks its shard.
 */
export const shards = 8;

export const shardOf = (ticket: string) => String(ticket.charCodeAt(ticket.length - 1) % shards);
