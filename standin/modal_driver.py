"""The driver's methods for modals (`StandInClient` has them all): read the one a member has open,
and submit it or close it as that member."""

from __future__ import annotations

import base64
from typing import Any

from standin.driver_base import DriverBase, StandInRefusedError

Json = dict[str, Any]
FileGiven = tuple[str, bytes] | tuple[str, bytes, str]  # filename, bytes, content type?


class ModalDriver(DriverBase):
    async def open_modal(self, user_id: int | str) -> Json:
        """The modal the member has open: ``custom_id``, ``title``, ``components`` (with the
        ids Discord gives them), ``interaction_id`` (what it answered) and ``message_id`` (the
        message whose button opened it, else None); refused (409) when none is open."""
        modal: Json = await self._call("GET", "/modals", params={"user_id": str(user_id)})
        return modal

    async def wait_for_modal(
        self,
        user_id: int | str,
        interaction_id: int | None = None,
        timeout: float = 5.0,  # noqa: ASYNC109  (the polling deadline the API promises)
    ) -> Json:
        """The member's modal once one is open (with ``interaction_id``: the one answering it)."""

        async def opened() -> Json:
            try:
                modal = await self.open_modal(user_id)
            except StandInRefusedError:
                return {}
            wanted = interaction_id is None or modal["interaction_id"] == str(interaction_id)
            return modal if wanted else {}

        return await self.wait_for(opened, timeout)

    async def submit_modal(
        self,
        user_id: int | str,
        values: dict[str, Any] | None = None,
        files: dict[str, list[FileGiven]] | None = None,
    ) -> int:
        """Submits the member's open modal: ``values`` by custom_id (a text input's text, a
        radio group's value, a select's list of values, a checkbox's bool; the rest stay as
        filled in) and ``files`` per file upload; the MODAL_SUBMIT interaction's id."""
        body = {
            "user_id": str(user_id),
            "values": values or {},
            "files": {name: [_file(f) for f in given] for name, given in (files or {}).items()},
        }
        return int((await self._call("POST", "/modals/submit", body))["id"])

    async def submit_modal_and_wait(
        self, user_id: int | str, values: dict[str, Any] | None = None
    ) -> Json:
        """Submits the member's open modal (``values`` as ``submit_modal`` takes them) and
        returns the interaction's report once the bot has answered it, or once it has failed:
        one request per submission, for load drivers."""
        body = {"user_id": str(user_id), "values": values or {}, "files": {}, "wait": True}
        report: Json = await self._call("POST", "/modals/submit", body)
        return report

    async def close_modal(self, user_id: int | str) -> Json:
        """The member closes the modal unsent (the bot hears nothing); the modal it was."""
        modal: Json = await self._call("POST", "/modals/close", {"user_id": str(user_id)})
        return modal


def _file(given: FileGiven) -> Json:
    name, data = given[0], given[1]
    kind = given[2] if len(given) > 2 else "application/octet-stream"  # noqa: PLR2004
    return {"filename": name, "content": base64.b64encode(data).decode(), "content_type": kind}
