import type { ReactNode } from 'react';
import { ContentPage } from '../../components/content-page';
import styles from './blog.module.css';

function Code({ children }: { children: ReactNode }) {
  return <code className={styles.code}>{children}</code>;
}

function P({ children }: { children: ReactNode }) {
  return <p className={styles.paragraph}>{children}</p>;
}

const posts: { id: string; question: string; answer: ReactNode }[] = [
  {
    id: 'unit-tests',
    question: 'How do you write unit tests for a React app?',
    answer: (
      <>
        <P>
          Use a test runner such as Vitest or Jest with a simulated browser (jsdom), and React
          Testing Library to render components. Testing Library encourages testing what the user
          sees: you render a component, find elements by role, label or text (
          <Code>getByRole(&apos;button&apos;, {"{ name: 'Save' }"})</Code>), interact with them
          through <Code>user-event</Code>, and assert on the visible result, for example with
          jest-dom&apos;s <Code>toBeInTheDocument()</Code>.
        </P>
        <P>
          Keep pure logic (formatting, validation, reducers) in plain functions and test them
          directly with many input cases; they are the fastest and most precise tests. For
          components, replace the network at its edge: stub <Code>fetch</Code> or use Mock Service
          Worker, so the component runs its real data-fetching code against predictable answers.
          Wrap the component in the providers it needs (router, query client, theme) with a small
          render helper.
        </P>
        <P>
          Avoid testing implementation details such as internal state or the names of CSS classes: a
          test should only break when behaviour changes. Cover the loading, empty and error states
          as well as the happy path, and leave full user journeys across pages to a few end-to-end
          tests in a real browser.
        </P>
      </>
    ),
  },
  {
    id: 'state-management',
    question: 'What are the different ways to manage state in a React application?',
    answer: (
      <>
        <P>
          <strong>Local state</strong> with <Code>useState</Code> or <Code>useReducer</Code> is the
          default: keep state in the component that uses it, and lift it up to the nearest common
          parent when siblings need to share it. <Code>useReducer</Code> suits state with several
          related transitions.
        </P>
        <P>
          <strong>Context</strong> (<Code>createContext</Code> with <Code>useContext</Code>) passes
          values such as the theme, the signed-in user or the language down the tree without prop
          drilling. Every consumer re-renders when the value changes, so it is best for values that
          change rarely.
        </P>
        <P>
          <strong>Global stores</strong> such as Redux Toolkit, Zustand, Jotai or MobX hold client
          state that many distant components read and write, with selectors that limit re-renders.{' '}
          <strong>Server state</strong> (data that lives on a backend) is better handled by a cache
          library such as TanStack Query, SWR or RTK Query, which deals with loading, errors,
          caching, refetching and invalidation. Finally, <strong>URL state</strong> (route
          parameters and the query string) and <strong>form state</strong> (React Hook Form, Formik)
          each have their own specialised tools.
        </P>
      </>
    ),
  },
  {
    id: 'set-state-directly',
    question: 'Why should you not set state directly in React?',
    answer: (
      <>
        <P>
          React re-renders a component only when you call its state setter (or <Code>setState</Code>{' '}
          in a class). If you assign to the state variable or mutate an object or array held in
          state, for example <Code>state.items.push(item)</Code>, React is never told that anything
          changed, so the screen shows stale data until something else happens to trigger a render.
        </P>
        <P>
          React also decides whether to re-render by comparing the old and new value with{' '}
          <Code>Object.is</Code>. A mutated object is still the same reference, so even a later
          setter call with that object may be skipped, and memoised children, effects and selectors
          that depend on reference changes will not update. Mutation also corrupts the previous
          state that concurrent rendering, Strict Mode and developer tools rely on.
        </P>
        <P>
          Treat state as immutable instead: create a new value, such as{' '}
          <Code>setItems([...items, item])</Code> or <Code>setUser({'{ ...user, name }'})</Code>,
          and use the updater form <Code>setCount(c =&gt; c + 1)</Code> when the next state depends
          on the previous one, because updates are batched and applied asynchronously.
        </P>
      </>
    ),
  },
  {
    id: 'prototypal-inheritance',
    question: 'How does prototypal inheritance work in JavaScript?',
    answer: (
      <>
        <P>
          Every JavaScript object has a hidden link, <Code>[[Prototype]]</Code>, to another object
          or to <Code>null</Code>. When you read a property that the object does not have itself,
          the engine follows that link and looks on the prototype, then on the prototype&apos;s
          prototype, and so on up the chain until it finds the property or reaches <Code>null</Code>{' '}
          and returns <Code>undefined</Code>. Writing a property, by contrast, creates it on the
          object itself and shadows the inherited one.
        </P>
        <P>
          You can set the link explicitly with <Code>Object.create(proto)</Code> and read it with{' '}
          <Code>Object.getPrototypeOf(obj)</Code>. A function called with <Code>new</Code> creates
          an object whose prototype is that function&apos;s <Code>prototype</Code> property, which
          is why methods placed on <Code>Person.prototype</Code> are shared by every instance
          instead of being copied into each one.
        </P>
        <P>
          The <Code>class</Code> and <Code>extends</Code> syntax is built on the same mechanism:{' '}
          <Code>class Admin extends User</Code> links <Code>Admin.prototype</Code> to{' '}
          <Code>User.prototype</Code>, so admins inherit user methods through the chain. Built-ins
          work the same way: an array finds <Code>map</Code> on <Code>Array.prototype</Code> and{' '}
          <Code>hasOwnProperty</Code> on <Code>Object.prototype</Code>.
        </P>
      </>
    ),
  },
  {
    id: 'performance',
    question: 'How can you improve the performance of a React application?',
    answer: (
      <>
        <P>
          Measure first: the React DevTools Profiler shows which components render and how long they
          take, and Lighthouse or the browser&apos;s performance panel shows load time and layout
          shifts. Then fix the real bottleneck rather than guessing.
        </P>
        <P>
          Avoid needless work: keep state as close as possible to where it is used so updates
          re-render small subtrees, give list items stable <Code>key</Code>s, and use{' '}
          <Code>React.memo</Code>, <Code>useMemo</Code> and <Code>useCallback</Code> for expensive
          components and calculations (or let the React Compiler do it). Render long lists with
          virtualisation (react-window, TanStack Virtual), and keep urgent input responsive with{' '}
          <Code>useTransition</Code> or <Code>useDeferredValue</Code>.
        </P>
        <P>
          Ship less and load it smarter: split code by route with <Code>React.lazy</Code> and
          dynamic <Code>import()</Code>, import only the parts of libraries you use, compress and
          cache assets, size and lazy-load images with <Code>width</Code>, <Code>height</Code> and{' '}
          <Code>loading=&quot;lazy&quot;</Code>, and cache server data with a library such as
          TanStack Query so the same request is not repeated on every visit to a page.
        </P>
      </>
    ),
  },
];

export default function BlogPage() {
  return (
    <ContentPage
      title="Blog"
      intro="Notes from our web team on building and testing the React application behind this shop."
    >
      {posts.map((post) => (
        <article key={post.id} aria-labelledby={`${post.id}-title`} className={styles.post}>
          <h2 id={`${post.id}-title`} className={styles.question}>
            {post.question}
          </h2>
          {post.answer}
        </article>
      ))}
    </ContentPage>
  );
}
