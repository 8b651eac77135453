"""Settings of `make bench` (.ci/bench): production settings plus the ceiling view's URL.
Every other value still comes from the environment, which .ci/bench sets."""

from services.settings import *  # noqa: F403

ROOT_URLCONF = "services.urls_bench"
