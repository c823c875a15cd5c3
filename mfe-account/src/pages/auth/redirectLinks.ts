/** An auth page's link that keeps where the visitor was going (`?redirect=`), so sign-up after "Thanh toán" ends at checkout. */
export function keepingRedirect(path: string, redirect: string): string {
  return redirect === '/' ? path : `${path}?redirect=${encodeURIComponent(redirect)}`;
}
