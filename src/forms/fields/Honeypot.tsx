/** The hidden field only bots fill: off-screen, out of the tab order and hidden from assistive technology. */
import * as React from "react";
import styled from "styled-components";
import { HONEYPOT_FIELD } from "../../leads/constants";

export function Honeypot({ formId }: { formId: string }) {
  const id = `${formId}-${HONEYPOT_FIELD}`;
  return (
    <Hidden aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input
        id={id}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </Hidden>
  );
}

const Hidden = styled.div`
  position: absolute;
  left: -10000px;
  width: 1px;
  height: 1px;
  overflow: hidden;
`;
