import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Session } from '../../../../machines/sessions/machine';
import { selectEndingId, selectSessions, selectSessionsBusy, selectSessionsMessages, selectSessionsView } from '../../../../machines/sessions/selectors';
import { SCREEN_IDS } from '../../../../machines/shared/screens';
import { provideSessions } from '../../actors/account';
import { useRuntime } from '../../actors/AppActor';
import { useScreenActor } from '../../adapters/screenActor';
import { localDateTime, timeAgo } from '../../format';
import { FormAlert, FormNotice } from '../forms/Field';
import form from '../forms/Form.module.css';
import styles from './Sessions.module.css';

type SessionsActor = ActorRefFrom<ReturnType<typeof provideSessions>>;

/** The account page's Sessions card: every open session, this device marked, End on the others. */
export function SessionsPanel() {
  const runtime = useRuntime();
  const actor = useScreenActor(SCREEN_IDS.sessions, runtime.provided(provideSessions));
  return actor ? <SessionsList actor={actor} now={runtime.now} /> : null;
}

function SessionsList({ actor, now }: { actor: SessionsActor; now: () => number }) {
  const view = useSelector(actor, selectSessionsView);
  const sessions = useSelector(actor, selectSessions);
  const endingId = useSelector(actor, selectEndingId);
  const busy = useSelector(actor, selectSessionsBusy);
  const { formError, notice } = useSelector(actor, selectSessionsMessages);
  const canEndOthers = useSelector(actor, (s) => s.can({ type: 'user.endOthers' }));
  const endingOthers = useSelector(actor, (s) => s.matches('endingOthers'));

  if (view === 'loading') return <p className={form.hint}>Loading your sessions…</p>;
  if (view === 'unavailable') {
    return (
      <div className={form.form}>
        <FormAlert message={formError} />
        <button type="button" className={form.secondary} onClick={() => actor.send({ type: 'user.retry' })}>
          Try again
        </button>
      </div>
    );
  }
  const others = sessions.filter((session) => !session.current).length;
  const at = now();
  return (
    <div className={styles.sessions}>
      <p className={form.hint}>
        Devices signed in to your account. End a session you do not recognise: that device is signed out at once.
      </p>
      <ul className={styles.list} aria-label="Open sessions" aria-busy={busy}>
        {sessions.map((session) => (
          <SessionRow
            key={session.sessionId}
            session={session}
            now={at}
            ending={endingId === session.sessionId}
            canEnd={!session.current && !busy}
            onEnd={() => actor.send({ type: 'user.endSession', sessionId: session.sessionId })}
          />
        ))}
      </ul>
      <FormAlert message={formError} />
      <FormNotice message={notice} />
      {others > 0 ? (
        <button type="button" className={styles.endAll} disabled={!canEndOthers} onClick={() => actor.send({ type: 'user.endOthers' })}>
          {endingOthers ? 'Ending…' : others === 1 ? 'End the other session' : `End all ${others} other sessions`}
        </button>
      ) : (
        <p className={form.hint}>No other device is signed in.</p>
      )}
    </div>
  );
}

function SessionRow(props: { session: Session; now: number; ending: boolean; canEnd: boolean; onEnd: () => void }) {
  const { session, now, ending, canEnd, onEnd } = props;
  return (
    <li className={styles.row} aria-label={session.current ? `${session.device}, this device` : session.device}>
      <div className={styles.what}>
        <p className={styles.device}>
          {session.device}
          {session.current ? <span className={styles.here}>This device</span> : null}
        </p>
        <p className={styles.meta}>
          {session.ipAddress ? <span className={styles.address}>{session.ipAddress}</span> : null}
          <span>
            Started <time dateTime={session.startedAt} title={localDateTime(session.startedAt)}>{timeAgo(session.startedAt, now)}</time>
          </span>
          <span>
            Last active <time dateTime={session.lastActiveAt} title={localDateTime(session.lastActiveAt)}>{timeAgo(session.lastActiveAt, now)}</time>
          </span>
        </p>
      </div>
      {session.current ? null : (
        <button type="button" className={styles.end} disabled={!canEnd} onClick={onEnd} aria-label={`End session: ${session.device}${session.ipAddress ? `, ${session.ipAddress}` : ''}`}>
          {ending ? 'Ending…' : 'End'}
        </button>
      )}
    </li>
  );
}
