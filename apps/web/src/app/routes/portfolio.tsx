import type { ReactNode } from 'react';
import { ContentPage } from '../../components/content-page';
import cardStyles from '../../components/ui/card.module.css';
import { cx } from '../../components/ui/container';
import { Icon } from '../../components/ui/icon';
import { email, locationOn } from '../../components/ui/icons';
import styles from './portfolio.module.css';

const developer = {
  name: 'Maya Lindqvist',
  role: 'Full-stack web developer',
  email: 'maya.lindqvist@example.com',
  city: 'Gothenburg, Sweden',
};

const education = [
  {
    degree: 'MSc in Software Engineering',
    school: 'Chalmers University of Technology',
    years: '2017 – 2019',
  },
  {
    degree: 'BSc in Computer Science',
    school: 'University of Gothenburg',
    years: '2014 – 2017',
  },
];

const skills = [
  'TypeScript',
  'JavaScript (ES2023)',
  'React',
  'React Router',
  'TanStack Query',
  'Material UI',
  'HTML and CSS',
  'Accessibility (WCAG 2.2)',
  'Node.js',
  'Fastify',
  'PostgreSQL',
  'Drizzle ORM',
  'Vitest and Testing Library',
  'Playwright',
  'Git and CI',
];

const projects = [
  {
    name: 'Fleet Tracker',
    url: 'https://github.com/maya-lindqvist/fleet-tracker',
    description:
      'A live map and dashboard for a delivery company: React, TanStack Query and WebSocket updates from a Node.js API.',
  },
  {
    name: 'Recipe Box',
    url: 'https://github.com/maya-lindqvist/recipe-box',
    description:
      'An offline-first recipe manager built as a progressive web app, with full-text search and shopping lists.',
  },
  {
    name: 'Clinic Booking',
    url: 'https://github.com/maya-lindqvist/clinic-booking',
    description:
      'Appointment booking for a physiotherapy clinic, with email reminders, PostgreSQL and an accessible form flow.',
  },
];

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className={cx(cardStyles.card, styles.block)}>
      <div className={styles.blockContent}>
        <h2 className={styles.blockTitle}>{title}</h2>
        {children}
      </div>
    </section>
  );
}

export default function PortfolioPage() {
  return (
    <ContentPage
      title="My Portfolio"
      intro={`I am ${developer.name}, the ${developer.role.toLowerCase()} who builds and looks after this shop.`}
    >
      <Block title="Contact">
        <p className={styles.name}>{developer.name}</p>
        <p className={styles.secondary}>{developer.role}</p>
        <div className={styles.contact}>
          <div className={styles.contactLine}>
            <Icon path={email} size={20} className={styles.contactIcon} />
            <p>
              Email:{' '}
              <a href={`mailto:${developer.email}`} className={styles.link}>
                {developer.email}
              </a>
            </p>
          </div>
          <div className={styles.contactLine}>
            <Icon path={locationOn} size={20} className={styles.contactIcon} />
            <p>City: {developer.city}</p>
          </div>
        </div>
      </Block>

      <Block title="Education">
        <div className={styles.education}>
          {education.map((item) => (
            <div key={item.degree}>
              <h3 className={styles.itemTitle}>{item.degree}</h3>
              <p className={styles.secondary}>
                {item.school}, {item.years}
              </p>
            </div>
          ))}
        </div>
      </Block>

      <Block title="Skills">
        <ul className={styles.skills}>
          {skills.map((skill) => (
            <li key={skill}>
              <span className={styles.chip}>{skill}</span>
            </li>
          ))}
        </ul>
      </Block>

      <Block title="Projects">
        <div className={styles.projects}>
          {projects.map((project) => (
            <div key={project.name}>
              <h3 className={styles.itemTitle}>
                <a
                  href={project.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={styles.link}
                >
                  {project.name}
                </a>
              </h3>
              <p className={styles.description}>{project.description}</p>
            </div>
          ))}
        </div>
      </Block>
    </ContentPage>
  );
}
