import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { HomePage } from './reader/HomePage';
import { NotFoundPage } from './reader/NotFoundPage';

export function App() {
  return (
    <BrowserRouter>
      <header className="site-header">
        <Link to="/" className="logo">C360</Link>
      </header>
      <main>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </main>
    </BrowserRouter>
  );
}
