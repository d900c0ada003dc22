/** Toasts (3 s, spec §9). antd-mobile's Toast loads on first use so it stays out of the first load. */
export const TOAST_MS = 3000;

export async function showToast(
  content: string,
  icon: 'success' | 'fail' | 'loading' | undefined = undefined,
): Promise<void> {
  try {
    const { default: Toast } = await import('antd-mobile/es/components/toast');
    Toast.show({ content, icon, duration: TOAST_MS });
  } catch (error) {
    console.warn('toast unavailable', error);
  }
}

export const showErrorToast = (content: string) => showToast(content, 'fail');
