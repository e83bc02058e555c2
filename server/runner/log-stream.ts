/** A task's log as the runner sends it: masked rows, numbered from 0, flushed with UpdateLog until acknowledged. */
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { Client } from '@connectrpc/connect';
import type { RunnerService } from '../lib/proto/runner/v1/services_pb.ts';
import { LogRowSchema, type LogRow } from '../lib/proto/runner/v1/messages_pb.ts';

const MASK = '***';
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Replaces each secret value (and each line of a multi-line one) with `***`. */
export function masker(values: string[]): (text: string) => string {
  const targets = new Set<string>();
  for (const v of values) {
    if (!v) continue;
    targets.add(v);
    for (const line of v.split(/\r?\n/)) if (line.trim().length > 2) targets.add(line.trim());
  }
  const list = [...targets].sort((a, b) => b.length - a.length);
  if (!list.length) return (t) => t;
  const re = new RegExp(list.map(escape).join('|'), 'g');
  return (t) => t.replace(re, MASK);
}

export class LogStream {
  private readonly rows: LogRow[] = [];
  private acked = 0;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly rpc: Client<typeof RunnerService>, private readonly taskId: bigint, private readonly mask: (t: string) => string) {}

  /** How many rows were written so far (the next row's index). */
  get length(): number {
    return this.rows.length;
  }

  /** Adds one row per line of `text`, masked. */
  write(text: string): void {
    for (const line of text.replace(/\r?\n$/, '').split(/\r?\n/)) {
      this.rows.push(create(LogRowSchema, { time: timestampFromDate(new Date()), content: this.mask(line) }));
    }
  }

  /** Sends the rows the host has not acknowledged; `noMore` closes the log. Calls run one after another. */
  flush(noMore = false): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.acked >= this.rows.length && !noMore) return;
      const res = await this.rpc.updateLog({ taskId: this.taskId, index: BigInt(this.acked), rows: this.rows.slice(this.acked), noMore });
      this.acked = Math.max(this.acked, Number(res.ackIndex));
    }).catch(() => undefined);
    return this.flushing;
  }
}
