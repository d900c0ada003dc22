// Each ball said aloud with the browser's speech synthesis, in a Chinese voice of the site's
// language; a short chime where the device has none. Off unless the visitor turns it on.
import type { Locale } from '@/shared/i18n';

const LANGS: Record<Locale, string[]> = {
  'zh-Hans': ['zh-CN', 'zh'],
  'zh-Hant': ['zh-HK', 'zh-TW', 'zh'],
};

/** The best voice for the language, if the device has one. */
export function pickVoice(
  voices: readonly SpeechSynthesisVoice[],
  locale: Locale,
): SpeechSynthesisVoice | undefined {
  for (const lang of LANGS[locale]) {
    const v = voices.find((x) => x.lang.replace('_', '-').startsWith(lang));
    if (v) return v;
  }
  return undefined;
}

let audio: AudioContext | undefined;

/** Two short notes: a ball is out. */
export function chime(): void {
  const Ctx = window.AudioContext;
  if (!Ctx) return;
  audio ??= new Ctx();
  const t = audio.currentTime;
  for (const [k, hz] of [660, 880].entries()) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.0001, t + k * 0.16);
    gain.gain.exponentialRampToValueAtTime(0.2, t + k * 0.16 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + k * 0.16 + 0.15);
    osc.connect(gain).connect(audio.destination);
    osc.start(t + k * 0.16);
    osc.stop(t + k * 0.16 + 0.16);
  }
}

export function say(text: string, locale: Locale): void {
  const synth = window.speechSynthesis;
  const voice = synth ? pickVoice(synth.getVoices(), locale) : undefined;
  if (!synth || !voice) return chime();
  const u = new SpeechSynthesisUtterance(text);
  u.voice = voice;
  u.lang = voice.lang;
  u.rate = 0.95;
  synth.speak(u);
}
