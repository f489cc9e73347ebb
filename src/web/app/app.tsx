import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { HomePage, LoginPage } from './pages/home-page.tsx';
import { routes } from './paths.ts';

const placeholder = (name: 'RegisterPage' | 'ForgotPasswordPage' | 'ResetPasswordPage' | 'AdminPage' | 'DebugPage' | 'PrintPage') =>
  lazy(async () => ({ default: (await import('./pages/placeholder-page.tsx'))[name] as ComponentType }));

// Secondary pages load on demand (route-level code splitting).
const DistributorsPage = lazy(() => import('./pages/distributors-page.tsx'));
const CatalogAllPage = lazy(() => import('./pages/catalog-all-page.tsx'));
const CategoryPage = lazy(() => import('./pages/category-page.tsx'));
const ProductPage = lazy(() => import('./pages/product-page.tsx'));
const NotFoundPage = lazy(() => import('./pages/not-found-page.tsx'));
const RegisterPage = placeholder('RegisterPage');
const ForgotPasswordPage = placeholder('ForgotPasswordPage');
const ResetPasswordPage = placeholder('ResetPasswordPage');
const AdminPage = placeholder('AdminPage');
const DebugPage = placeholder('DebugPage');
const PrintPage = placeholder('PrintPage');

function PageFallback() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center text-slate-500">
      Cargando...
    </div>
  );
}

/** The routes of spec section 2 with the names DESIGN.md gives the hidden ones. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Switch>
        <Route path={routes.home} component={HomePage} />
        <Route path={routes.login} component={LoginPage} />
        <Route path={routes.distributors} component={DistributorsPage} />
        <Route path={routes.register} component={RegisterPage} />
        <Route path={routes.forgotPassword} component={ForgotPasswordPage} />
        <Route path={routes.resetPassword} component={ResetPasswordPage} />
        <Route path={routes.catalogAll}>{(params) => <CatalogAllPage params={params} />}</Route>
        <Route path={routes.category}>{(params) => <CategoryPage params={params} />}</Route>
        <Route path={routes.product}>{(params) => <ProductPage params={params} />}</Route>
        <Route path={routes.admin} component={AdminPage} nest />
        <Route path={routes.debug} component={DebugPage} />
        <Route path={routes.print} component={PrintPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
