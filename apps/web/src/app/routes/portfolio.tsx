import EmailIcon from '@mui/icons-material/Email';
import LocationOnIcon from '@mui/icons-material/LocationOn';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ContentPage } from '../../components/content-page';

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
    <Card component="section" aria-label={title} sx={{ mt: 4 }}>
      <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
        <Typography variant="h2" sx={{ fontSize: '1.5rem', mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

export default function PortfolioPage() {
  return (
    <ContentPage
      title="My Portfolio"
      intro={`I am ${developer.name}, the ${developer.role.toLowerCase()} who builds and looks after this shop.`}
    >
      <Block title="Contact">
        <Typography variant="h3" component="p" sx={{ fontSize: '1.25rem' }}>
          {developer.name}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{developer.role}</Typography>
        <Stack spacing={1} sx={{ mt: 2 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <EmailIcon fontSize="small" aria-hidden />
            <Typography>
              Email: <Link href={`mailto:${developer.email}`}>{developer.email}</Link>
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <LocationOnIcon fontSize="small" aria-hidden />
            <Typography>City: {developer.city}</Typography>
          </Stack>
        </Stack>
      </Block>

      <Block title="Education">
        <Stack spacing={2}>
          {education.map((item) => (
            <div key={item.degree}>
              <Typography variant="h3" sx={{ fontSize: '1.1rem' }}>
                {item.degree}
              </Typography>
              <Typography sx={{ color: 'text.secondary' }}>
                {item.school}, {item.years}
              </Typography>
            </div>
          ))}
        </Stack>
      </Block>

      <Block title="Skills">
        <Stack
          component="ul"
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
        >
          {skills.map((skill) => (
            <li key={skill}>
              <Chip label={skill} variant="outlined" color="primary" />
            </li>
          ))}
        </Stack>
      </Block>

      <Block title="Projects">
        <Grid container spacing={2}>
          {projects.map((project) => (
            <Grid key={project.name} size={{ xs: 12, md: 4 }}>
              <Typography variant="h3" sx={{ fontSize: '1.1rem' }}>
                <Link href={project.url} target="_blank" rel="noopener noreferrer">
                  {project.name}
                </Link>
              </Typography>
              <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
                {project.description}
              </Typography>
            </Grid>
          ))}
        </Grid>
      </Block>
    </ContentPage>
  );
}
