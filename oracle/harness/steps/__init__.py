"""The step definitions: the suite's vocabulary of Given, When and Then phrases (glossary:
features/README.md), and the fixtures every scenario uses.  Importing a module registers its
steps with pytest-bdd's registry, where the harness finds them (:mod:`oracle.harness.step_index`).
"""

#: The modules that define steps, in the order pytest registers them.
STEP_MODULES = (
    "oracle.harness.steps.given",
    "oracle.harness.steps.when",
    "oracle.harness.steps.then",
    "oracle.harness.steps.then_zones",
    "oracle.harness.steps.then_questions",
    "oracle.harness.steps.combat_steps",
)
#: The module of the fixtures every scenario uses, which the plugin registers with pytest.
FIXTURES = "oracle.harness.steps.fixtures"


def import_step_modules() -> None:
    """Import every module of :data:`STEP_MODULES`, which registers its steps with pytest-bdd."""
    import importlib

    for name in STEP_MODULES:
        importlib.import_module(name)
