/** The second step of signup: create the account with the email given, or through a single sign-on provider. */
import * as React from "react";
import styled from "styled-components";
import { emailSignupUrl, ssoOptions } from "../config/signup";
import { Button } from "../components/Button";
import { tracking } from "../providers/analytics/tracking";
import { theme } from "../styles/theme";

export function SignupOptions({ email }: { email: string }) {
  React.useEffect(() => {
    tracking.signupOptionsShown({ "page path": window.location.pathname });
  }, []);
  return (
    <Wrapper>
      <Title>Almost there: choose how to create your account.</Title>
      <p>Your 14-day trial starts as soon as the account exists. No credit card needed.</p>
      <Options>
        <li>
          <Button href={emailSignupUrl(email)} arrow>
            Continue with {email || "email"}
          </Button>
        </li>
        {ssoOptions(email).map((provider) => (
          <li key={provider.id}>
            <Button
              href={provider.href}
              variant="secondary"
              onClick={() =>
                tracking.signupStarted({
                  method: provider.id,
                  "page path": window.location.pathname,
                })
              }
            >
              {provider.label}
            </Button>
          </li>
        ))}
      </Options>
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
`;

const Title = styled.p`
  font-weight: ${theme.fontWeights.bold};
`;

const Options = styled.ul`
  display: grid;
  gap: ${theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;

  a {
    width: 100%;
    justify-content: center;
  }
`;
