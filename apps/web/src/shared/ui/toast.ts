/** Toasts (3 s, spec §9). antd-mobile's Toast loads on first use so it stays out of the first load. */
import type { Root } from 'react-dom/client';

export const TOAST_MS = 3000;

/** The root made for each container the kit hands over, until it unmounts. */
const roots = new WeakMap<Element, Root>();

let renderSet = false;

/**
 * antd-mobile v5 mounts imperative UI (Toast) with ReactDOM.render, which React 19 removed:
 * without this hook every toast throws. The kit's documented fix is to hand it createRoot.
 */
async function setReact19Render(): Promise<void> {
  if (renderSet) return;
  const [{ unstableSetRender }, { createRoot }] = await Promise.all([
    import('antd-mobile/es/utils/unstable-render'),
    import('react-dom/client'),
  ]);
  unstableSetRender((node, container) => {
    const c = container as Element;
    const root = roots.get(c) ?? createRoot(c);
    roots.set(c, root);
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      roots.delete(c);
    };
  });
  renderSet = true;
}

export async function showToast(
  content: string,
  icon: 'success' | 'fail' | 'loading' | undefined = undefined,
): Promise<void> {
  try {
    await setReact19Render();
    const { default: Toast } = await import('antd-mobile/es/components/toast');
    Toast.show({ content, icon, duration: TOAST_MS });
  } catch (error) {
    console.warn('toast unavailable', error);
  }
}

export const showErrorToast = (content: string) => showToast(content, 'fail');
