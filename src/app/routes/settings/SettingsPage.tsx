import { useSelector } from '@xstate/react';
import { REALITY_CHECK_MINUTES } from '../../../core/accounts/preferences';
import type { Preferences, RealityCheckMinutes } from '../../../core/accounts/preferences';
import {
  selectInstantModeAllowed,
  selectPreferencesError,
  selectPreferencesLoading,
  selectPreferencesSaving,
  selectPreferencesUnavailable,
  selectShownPreferences,
} from '../../../../machines/preferences/selectors';
import { useModalStackRef } from '../../actors/AppActor';
import { usePreferencesRef } from '../../actors/usePreferences';
import type { PreferencesRef } from '../../actors/usePreferences';
import styles from '../../components/preferences/Settings.module.css';
import frame from '../../components/ui/accountFrame.module.css';

function FormAlert({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className={styles.alert}>
      {message}
    </p>
  ) : null;
}

const intervalLabel = (minutes: RealityCheckMinutes) => (minutes === 0 ? 'Off' : minutes < 60 ? `${minutes} min` : `${minutes / 60} h`);

/** /settings (issue 20): the player's preferences, kept on the server so they follow the player. Login only. */
export function SettingsPage() {
  const actor = usePreferencesRef();
  return (
    <div className={frame.page}>
      <h1>Settings</h1>
      <p className={frame.lead}>How the games play for you. Saved to your account, so they follow you to every device.</p>
      {actor ? <SettingsForm actor={actor} /> : null}
    </div>
  );
}

function SettingsForm({ actor }: { actor: PreferencesRef }) {
  const shown = useSelector(actor, selectShownPreferences);
  const instantAllowed = useSelector(actor, selectInstantModeAllowed);
  const loading = useSelector(actor, selectPreferencesLoading);
  const saving = useSelector(actor, selectPreferencesSaving);
  const unavailable = useSelector(actor, selectPreferencesUnavailable);
  const error = useSelector(actor, selectPreferencesError);
  const canChange = useSelector(actor, (s) => s.can({ type: 'user.changePreferences', change: {} }));
  const modals = useModalStackRef();
  const change = (next: Partial<Preferences>) => actor.send({ type: 'user.changePreferences', change: next });
  const disabled = !canChange;
  return (
    <div className={frame.grid} aria-busy={loading || saving}>
      {unavailable ? (
        <div className={`${frame.card} ${frame.wide}`}>
          <FormAlert message={error} />
          <button type="button" className={styles.retry} onClick={() => actor.send({ type: 'user.retry' })}>
            Try again
          </button>
        </div>
      ) : error ? (
        <div className={frame.wide}>
          <FormAlert message={error} />
        </div>
      ) : null}
      <section className={frame.card} aria-labelledby="settings-games">
        <h2 id="settings-games">Games</h2>
        <Toggle
          label="Keyboard shortcuts"
          hint="Space bets; H, S, D and P play blackjack."
          checked={shown.keyboardShortcuts}
          disabled={disabled}
          onChange={(on) => change({ keyboardShortcuts: on })}
        />
        <button type="button" className={styles.link} onClick={() => modals.send({ type: 'user.openModal', name: 'Hotkeys' })}>
          See every key (?)
        </button>
        {instantAllowed ? (
          <Toggle
            label="Instant mode"
            hint="Skip the animations: dice, cards and tiles show their results at once."
            checked={shown.instantMode}
            disabled={disabled}
            onChange={(on) => change({ instantMode: on })}
          />
        ) : null}
      </section>
      <section className={frame.card} aria-labelledby="settings-reality">
        <h2 id="settings-reality">Reality check</h2>
        <p className={styles.hint} id="reality-hint">
          A reminder of how long you have played this session and your net result, with the choice to continue or stop.
        </p>
        <fieldset className={styles.choices} aria-describedby="reality-hint" disabled={disabled}>
          <legend className={styles.legend}>Remind me every</legend>
          {REALITY_CHECK_MINUTES.map((minutes) => (
            <label key={minutes} className={styles.choice} data-checked={shown.realityCheckMinutes === minutes ? 'true' : undefined}>
              <input
                type="radio"
                name="realityCheckMinutes"
                value={minutes}
                checked={shown.realityCheckMinutes === minutes}
                onChange={() => change({ realityCheckMinutes: minutes })}
              />
              {intervalLabel(minutes)}
            </label>
          ))}
        </fieldset>
      </section>
    </div>
  );
}

function Toggle(props: { label: string; hint: string; checked: boolean; disabled: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className={styles.toggle}>
      <span className={styles.toggleText}>
        <span className={styles.toggleLabel}>{props.label}</span>
        <span className={styles.hint}>{props.hint}</span>
      </span>
      <input
        type="checkbox"
        role="switch"
        className={styles.switch}
        checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.currentTarget.checked)}
      />
    </label>
  );
}
