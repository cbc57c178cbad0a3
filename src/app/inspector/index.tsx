import { createRoot } from 'react-dom/client';
import { InspectorPanel } from './InspectorPanel';
import { createRecorder } from './recorder';

/**
 * The designers' inspector, in a chunk of its own that only inspectorStart.ts imports (itself loaded
 * by loader.ts): records this tab's actors from now on and mounts the panel beside the app.
 */
export function startInspector({ open }: { open: boolean }): (event: unknown) => void {
  const recorder = createRecorder();
  const host = document.createElement('div');
  host.id = 'statechart-inspector';
  document.body.appendChild(host);
  createRoot(host).render(<InspectorPanel recorder={recorder} initiallyOpen={open} />);
  return recorder.inspect;
}
