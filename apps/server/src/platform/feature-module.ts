import type { FastifyInstance } from 'fastify';
import type { ApiRouter } from './api-router';
import type { Authenticate } from './caller';
import type { BackgroundWork } from './job-queue';

/** Where a feature registers its addresses: contract entries on the API router, the rest on the server. */
export interface RouteTargets {
  app: FastifyInstance;
  api: ApiRouter;
  /** For a feature's own routes outside the API router (files, pages) that serve a signed-in caller. */
  authenticate: Authenticate;
}

/**
 * What every feature's `createXModule(deps)` hands app.ts: app.ts registers its routes, runs its jobs
 * in the one job worker, closes it with the app, and passes its services on to the features that
 * need them.
 */
export interface FeatureModule {
  routes?: (targets: RouteTargets) => void | Promise<void>;
  jobs?: BackgroundWork[];
  /** Releases what the feature holds open: a listener, a child process, a mail connection. */
  close?: () => void | Promise<void>;
  /** The services and repositories other features are given, each under its own name. */
  [service: string]: unknown;
}
