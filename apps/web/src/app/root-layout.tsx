import { Outlet, ScrollRestoration } from 'react-router';
import { SupportChat } from './support-chat';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <SupportChat />
      <ScrollRestoration />
    </>
  );
}
