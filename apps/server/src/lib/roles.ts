import { messages } from '@baletrack/contracts/errors/messages';
import {
  type Capability,
  capabilityRefusals,
  may,
  roleOf,
} from '@baletrack/contracts/identity/roles';
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../app-context.ts';
import { AppError } from './app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Managers may not make this call either (it is the owner's, or a SuperAdmin's): the viewer
     * guard leaves viewers to the route's own check, so they read the same refusal as a manager.
     */
    notForManagers?: boolean;
  }
}

/**
 * Refuses (403, with the capability's own words from contracts) anyone whose role may not do
 * this (docs/product.md#roles). SuperAdmins act as owner. Every action beyond reading asks here.
 * @example assertMay(principal, 'people')
 */
export function assertMay(
  principal: Pick<Principal, 'groups'>,
  capability: Capability,
  refusal: string = capabilityRefusals[capability],
): void {
  if (!may(principal.groups, capability)) throw new AppError('FORBIDDEN', refusal);
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The calls a viewer may make that are not reads (docs/product.md#roles): feedback, and the
 * promotion banner that answers POST as well as GET. Their own password is the user pool's, not
 * these APIs'; the support chat is a websocket opened by GET.
 */
export const viewerMayChange: ReadonlySet<string> = new Set([
  'POST /user-api/feedback',
  'POST /user-api/subscriptions/promo/:id',
]);

/**
 * The central guard: a viewer is refused every call that is not a read, unless listed in
 * `viewerMayChange`, before the route runs; the routes' own `assertMay` checks tell owners from
 * managers. Routes marked `config: { notForManagers: true }` are left to those checks, which
 * refuse a viewer with the same words as a manager (asking for the manager role would not help).
 * Register right after `authenticate` in the data and user APIs:
 * `api.register(refuseViewerChanges)`.
 */
export async function refuseViewerChanges(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    const { config } = request.routeOptions;
    if (request.is404 || config.public || config.notForManagers) return;
    if (READS.has(request.method)) return;
    if (roleOf(request.principal.groups) !== 'viewer') return;
    if (viewerMayChange.has(`${request.method} ${request.routeOptions.url}`)) return;
    throw new AppError('FORBIDDEN', messages.roles.viewerReadOnly);
  });
}
Object.assign(refuseViewerChanges, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'refuseViewerChanges',
});
