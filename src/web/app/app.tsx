import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PageErrorBoundary } from './page-error.tsx';
import { PageFallback } from './page-fallback.tsx';
import { HomePage, LoginPage } from './pages/home-page.tsx';
import { routes } from './paths.ts';

const accountPage = (name: 'RegisterPage' | 'ForgotPasswordPage' | 'ResetPasswordPage') =>
  lazy(async () => ({ default: (await import('./pages/account-pages.tsx'))[name] }));
const adminPage = (name: 'AdminPage' | 'AdminCategoriesRoutePage' | 'AdminDebugRoutePage') =>
  lazy(async () => ({ default: (await import('./pages/admin-pages.tsx'))[name] }));

// Secondary pages load on demand (route-level code splitting).
const DistributorsPage = lazy(() => import('./pages/distributors-page.tsx'));
const CatalogAllPage = lazy(() => import('./pages/catalog-all-page.tsx'));
const CategoryPage = lazy(() => import('./pages/category-page.tsx'));
const ProductPage = lazy(() => import('./pages/product-page.tsx'));
const NotFoundPage = lazy(() => import('./pages/not-found-page.tsx'));
const MyOrdersPage = lazy(() => import('./pages/my-orders-page.tsx'));
const RegisterPage = accountPage('RegisterPage');
const ForgotPasswordPage = accountPage('ForgotPasswordPage');
const ResetPasswordPage = accountPage('ResetPasswordPage');
const AdminPage = adminPage('AdminPage');
const AdminCategoriesPage = adminPage('AdminCategoriesRoutePage');
const DebugPage = adminPage('AdminDebugRoutePage');
const PrintPage = lazy(async () => ({ default: (await import('../features/print/index.ts')).PrintPage }));

/** The routes of docs/product.md §2. */
export function AppRoutes() {
  return (
    <PageErrorBoundary>
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
          <Route path={routes.myOrders} component={MyOrdersPage} />
          <Route path={routes.adminCategories} component={AdminCategoriesPage} />
          {/* Not nested: the panel's links are absolute; any deeper path still reaches the panel. */}
          <Route path={`${routes.admin}/*?`} component={AdminPage} />
          <Route path={routes.debug} component={DebugPage} />
          <Route path={routes.print} component={PrintPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </PageErrorBoundary>
  );
}
