import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { endRefusedSession } from '../../../lib/api-client';
import { openEventStream, type EventStream } from '../../../lib/event-stream';
import { onServerAnswered } from '../../../lib/server-answers';
import { applyLiveEvent } from '../api/apply-event';
import { followStreamState } from '../api/connection-state';
import { newPosts } from '../api/new-posts';

/**
 * A tab hidden this long gives its stream up (the server allows 5 per user); shown again, it resumes
 * after the last event it had, or refetches if the server no longer holds what it missed.
 */
const HIDDEN_CLOSE_MS = 5 * 60_000;

/** The tab's one event stream for the signed-in `token`; rendered (and loaded) only while signed in. */
export default function LiveConnection({ token }: { token: string }) {
  const client = useQueryClient();
  useEffect(() => {
    let stream: EventStream | undefined;
    let lastEventId: string | undefined;
    let hiddenTimer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      stream = openEventStream({
        url: '/api/events',
        headers: () => ({ authorization: token }),
        lastEventId,
        onEvent: (event) => applyLiveEvent(client, event),
        onUnauthorized: () => endRefusedSession(token),
        onStateChange: followStreamState,
      });
    };
    const stop = () => {
      lastEventId = stream?.lastEventId;
      stream?.close();
      stream = undefined;
    };
    const onVisibilityChange = () => {
      clearTimeout(hiddenTimer);
      if (document.hidden) hiddenTimer = setTimeout(stop, HIDDEN_CLOSE_MS);
      else if (!stream) start();
    };
    // The server is back (it answered another request, or the network is): no need to wait out the backoff.
    const retryNow = () => stream?.retryNow();
    start();
    // A tab opened in the background counts as hidden from now on.
    if (document.hidden) hiddenTimer = setTimeout(stop, HIDDEN_CLOSE_MS);
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('online', retryNow);
    const stopHearingAnswers = onServerAnswered(retryNow);
    return () => {
      clearTimeout(hiddenTimer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('online', retryNow);
      stopHearingAnswers();
      stop();
      // Another account's posts must not be offered to the next one signed in on this tab.
      newPosts.clear();
    };
  }, [client, token]);
  return null;
}
