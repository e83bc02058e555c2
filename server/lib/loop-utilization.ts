/**
 * One reader of this thread's event-loop utilization for every rule that follows it (the idle trim, the young
 * generation's load): one timer per distinct period, started by its first subscriber and stopped when its last one
 * leaves, never keeping the process alive. Module state, so one sampler per thread (a worker thread has its own).
 */
import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/** Receives the share of a window (0 to 1) the event loop was busy. */
export type WindowListener = (utilization: number) => void;

interface Subscriber { onWindow: WindowListener; since: EventLoopUtilization }
interface Sampler { timer: NodeJS.Timeout; subscribers: Set<Subscriber> }

const samplers = new Map<number, Sampler>();

function tick(subscribers: Set<Subscriber>): void {
  const now = performance.eventLoopUtilization();
  for (const s of subscribers) {
    const { utilization } = performance.eventLoopUtilization(now, s.since);
    s.since = now;
    s.onWindow(utilization);
  }
}

function startSampler(periodMs: number): Sampler {
  const subscribers = new Set<Subscriber>();
  const timer = setInterval(() => tick(subscribers), periodMs);
  timer.unref();
  const sampler = { timer, subscribers };
  samplers.set(periodMs, sampler);
  return sampler;
}

/**
 * Calls `onWindow` every `periodMs` with the loop's utilization since the call before (or since subscribing, so a
 * subscriber that joins a running timer gets a shorter first window). Returns the function that unsubscribes.
 */
export function everyLoopWindow(periodMs: number, onWindow: WindowListener): () => void {
  const sampler = samplers.get(periodMs) ?? startSampler(periodMs);
  const subscriber: Subscriber = { onWindow, since: performance.eventLoopUtilization() };
  sampler.subscribers.add(subscriber);
  return () => {
    if (!sampler.subscribers.delete(subscriber) || sampler.subscribers.size > 0) return;
    clearInterval(sampler.timer);
    samplers.delete(periodMs);
  };
}
