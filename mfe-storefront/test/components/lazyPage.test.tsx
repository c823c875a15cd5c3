import { render, screen } from '@testing-library/react';
import { lazyPage, preloadPageFor } from '../../src/components/lazyPage';

function deferredPage(text: string) {
  const load = jest.fn(async () => ({ default: () => <h1>{text}</h1> }));
  return { load, Page: lazyPage(load) };
}

describe('lazy pages', () => {
  it('fetches the chunk of the page the visitor opened before it renders, once', async () => {
    const products = deferredPage('Sản phẩm');
    const contact = deferredPage('Liên hệ');
    preloadPageFor('/products/pin-lithium-48v', [
      { path: '/contact', title: 'Liên hệ', Component: contact.Page },
      { path: '/products/:slug', title: 'Sản phẩm', Component: products.Page },
    ]);
    expect(products.load).toHaveBeenCalledTimes(1);
    expect(contact.load).not.toHaveBeenCalled();

    render(<products.Page />);
    expect(await screen.findByRole('heading', { name: 'Sản phẩm' })).toBeInTheDocument();
    expect(products.load).toHaveBeenCalledTimes(1);
  });

  it('ignores a path no page owns', () => {
    const contact = deferredPage('Liên hệ');
    preloadPageFor('/khong-co', [{ path: '/contact', title: 'Liên hệ', Component: contact.Page }]);
    expect(contact.load).not.toHaveBeenCalled();
  });
});
