// Transport (§ TPP identity "Transport: TLS 1.2 or higher"; the QWAC in mutual TLS): faults of the
// TLS the bank serves with --tls. They change only the server's TLS settings (rules read by server.ts).
import type { AreaFault } from './support.ts';

export const TRANSPORT_FAULTS: readonly AreaFault[] = [
  {
    id: 'tls-1-1-allowed',
    area: 'transport',
    features: ['transport'],
    description: 'Serves TLS 1.0 and 1.1 as well as 1.2 and 1.3 (an old gateway configuration).',
    clauses: ['conventions.tls', 'tpp.tls'],
    rules: { tlsMinVersion: 'TLSv1' },
  },
  {
    id: 'tls-client-cert-optional',
    area: 'transport',
    features: ['transport'],
    description: 'Asks for a TLS client certificate but serves the API without one, or with one from any CA.',
    clauses: ['tpp.tls-client-certificate'],
    rules: { tlsClientCertRequired: false },
  },
];
