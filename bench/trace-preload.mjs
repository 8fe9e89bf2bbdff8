import { isMainThread } from 'node:worker_threads';
if (isMainThread) await import('./trace-preload.ts');
