// The unstyled entry plus the CSS file keeps react-toastify from injecting a <style> tag at run time.
import 'react-toastify/ReactToastify.css';
import { DEFAULT_TOAST_MS } from '@shop/shared';
import { ToastContainer } from 'react-toastify/unstyled';

export { toast } from 'react-toastify/unstyled';

/** SPEC section 9: toasts sit top-centre; success closes after 1.5 s, everything else after 5 s. */
export function ShopToastContainer() {
  return <ToastContainer position="top-center" autoClose={DEFAULT_TOAST_MS} newestOnTop />;
}
