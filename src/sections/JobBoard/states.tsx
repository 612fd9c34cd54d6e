/** The board before it answers (skeleton) and when it cannot (an error with a retry). */
import * as React from "react";
import { Button } from "../../components/Button";
import { Heading } from "../../components/Heading";
import { Link } from "../../components/Link";
import { Skeleton } from "../../components/Skeleton";
import { Text } from "../../components/Text";
import { site } from "../../config/site";
import { ErrorState, Filters, Group, Groups, Role, Roles } from "./styles";

export function ListSkeleton() {
  return (
    <div aria-busy="true" data-testid="jobs-loading">
      <span className="visually-hidden" role="status">
        Loading open roles…
      </span>
      <Filters as="div" aria-hidden="true">
        <Skeleton $width="14rem" $height="title" />
        <Skeleton $width="14rem" $height="title" />
      </Filters>
      <Groups aria-hidden="true">
        {[3, 2].map((rows, group) => (
          <Group as="div" key={group}>
            <Skeleton $width="10rem" $height="title" />
            <Roles>
              {Array.from({ length: rows }, (_, row) => (
                <Role key={row}>
                  <Skeleton $width="60%" />
                  <Skeleton $width="25%" />
                </Role>
              ))}
            </Roles>
          </Group>
        ))}
      </Groups>
    </div>
  );
}

export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <ErrorState role="alert" data-testid="jobs-error">
      <Heading level={2} size="md">
        We couldn’t load the open roles
      </Heading>
      <Text>
        The job board did not answer. This is usually brief: try again in a moment, or see the roles
        on our <Link href={site.external.careersBoard}>hosted careers board</Link>.
      </Text>
      <div>
        <Button onClick={onRetry}>Try again</Button>
      </div>
    </ErrorState>
  );
}
