"""The websocket message reader: any frame is either a message or a coded refusal."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.server.errors import ApiError
from spieltisch.server.ws import _parse

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=10,
)


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=300) | JSON.map(repr))
def test_any_text_frame_is_read_or_refused_with_a_code(text: str) -> None:
    try:
        msg = _parse({"text": text}, 4096)
    except ApiError as err:
        assert err.code in ("message/malformed", "message/too_large")
    else:
        assert isinstance(msg, dict) and isinstance(msg["type"], str)


@settings(max_examples=50, deadline=None)
@given(data=st.binary(max_size=64))
def test_binary_frames_are_refused(data: bytes) -> None:
    try:
        _parse({"bytes": data}, 4096)
    except ApiError as err:
        assert err.code == "message/malformed"
    else:
        raise AssertionError("a binary frame was accepted")
