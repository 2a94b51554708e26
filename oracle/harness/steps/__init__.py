"""The step definitions: the suite's vocabulary of Given, When and Then phrases (glossary:
features/README.md), and the fixtures every scenario uses.  Importing a module registers its
steps with pytest-bdd; the plugin (:mod:`oracle.harness.plugin`) registers them all with pytest.
"""

#: The modules that define steps, in the order pytest registers them.
STEP_MODULES = (
    "oracle.harness.steps.given",
    "oracle.harness.steps.when",
    "oracle.harness.steps.then",
    "oracle.harness.steps.then_zones",
    "oracle.harness.steps.then_questions",
)
#: Every module the plugin registers: the fixtures, then the steps.
MODULES = ("oracle.harness.steps.fixtures", *STEP_MODULES)


def import_step_modules() -> None:
    """Import every module of :data:`STEP_MODULES`, which registers its steps with pytest-bdd
    (for the tools that read the steps outside a pytest session: the driver, the glossary test)."""
    import importlib

    for name in STEP_MODULES:
        importlib.import_module(name)
