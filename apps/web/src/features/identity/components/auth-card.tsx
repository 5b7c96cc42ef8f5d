import './auth.css';
import { PRODUCT_NAME, VERSION } from '@baletrack/contracts/constants';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** The centred card every login step is shown in, with the product name and version. */
export function AuthCard({ title, description, children }: AuthCardProps) {
  return (
    <div className="bt-auth">
      <div className="bt-auth-column">
        <h1 className="bt-auth-product">{PRODUCT_NAME}</h1>
        <main className="bt-auth-card">
          <div>
            <h2 className="bt-auth-title">{title}</h2>
            {description && <p className="bt-auth-description">{description}</p>}
          </div>
          {children}
        </main>
        <footer className="bt-auth-footer">
          {PRODUCT_NAME} {VERSION}
        </footer>
      </div>
    </div>
  );
}
