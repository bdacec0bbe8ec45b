import type {
  AuthorizationDecisionBody,
  AuthorizationDecisionReply,
  AuthorizationQuery,
  AuthorizationRequestReply,
  AuthorizedAppsReply,
} from '@sync/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../../lib/api-client';

export const oauthKeys = {
  request: (query: AuthorizationQuery) => ['oauth', 'authorization', query] as const,
  apps: ['oauth', 'apps'] as const,
};

/** The parameters of an authorization request the page passes on to the server, as the app wrote them. */
const requestParams = [
  'response_type',
  'redirect_uri',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
] as const;

/** The app's request, read from the page's address; null when it names no app (no `client_id`). */
export function useAuthorizationQuery(): AuthorizationQuery | null {
  const [params] = useSearchParams();
  const text = params.toString();
  return useMemo(() => {
    const read = new URLSearchParams(text);
    const clientId = read.get('client_id');
    if (!clientId) return null;
    const query: AuthorizationQuery = { client_id: clientId };
    for (const name of requestParams) {
      const value = read.get(name);
      if (value !== null) query[name] = value;
    }
    return query;
  }, [text]);
}

/** What the app asks for, checked by the server: a 4xx says what is wrong with the request. */
export function useAuthorizationRequest(query: AuthorizationQuery) {
  return useQuery({
    queryKey: oauthKeys.request(query),
    queryFn: () => api<AuthorizationRequestReply>('/oauth/authorization', { query }),
    // The answer does not change while the person decides; a decision ends the page.
    staleTime: Infinity,
  });
}

/**
 * The person's decision. An answer with `redirectTo` sends the browser there at once (the app's
 * redirect URI with the code or the refusal); an out-of-band app's `code` is for the page to show.
 */
export function useDecision(query: AuthorizationQuery) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: AuthorizationDecisionBody['decision']) =>
      api<AuthorizationDecisionReply>('/oauth/authorization', {
        method: 'POST',
        body: { ...query, decision },
      }),
    onSuccess: (reply) => {
      void client.invalidateQueries({ queryKey: oauthKeys.apps });
      if ('redirectTo' in reply) window.location.assign(reply.redirectTo);
    },
  });
}

export function useAuthorizedApps() {
  return useQuery({
    queryKey: oauthKeys.apps,
    queryFn: () => api<AuthorizedAppsReply>('/oauth/apps'),
  });
}

/** Asks again for the list: after a password change, which ends every app's access. */
export function useRefreshAuthorizedApps() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: oauthKeys.apps });
}

export function useRevokeApp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (appId: string) =>
      api<void>(`/oauth/apps/${encodeURIComponent(appId)}`, { method: 'DELETE' }),
    onSuccess: (_reply, appId) => {
      client.setQueryData<AuthorizedAppsReply>(oauthKeys.apps, (old) =>
        old ? { apps: old.apps.filter((app) => app.id !== appId) } : old,
      );
    },
  });
}
