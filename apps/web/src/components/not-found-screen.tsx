import { messages } from '@sorteio/shared/messages';
import { ArrowLeft, House } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { StatusScreen } from '@/components/status-screen';
import { Button } from '@/components/ui/button';

/** The 404 screen of spec 001 section 2. */
export function NotFoundScreen() {
  const navigate = useNavigate();
  const text = messages.notFound;
  return (
    <>
      <PageTitle title={text.title} />
      <StatusScreen
        code={text.code}
        title={text.title}
        description={<p>{text.body}</p>}
        actions={
          <>
            <Button asChild size="lg">
              <Link to="/">
                <House aria-hidden="true" />
                {text.home}
              </Link>
            </Button>
            <Button variant="outline" size="lg" onClick={() => void navigate(-1)}>
              <ArrowLeft aria-hidden="true" />
              {text.back}
            </Button>
          </>
        }
      />
    </>
  );
}
