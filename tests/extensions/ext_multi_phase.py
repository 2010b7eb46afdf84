# A module made by multi-phase initialization (PEP 489): exec slots in
# order, module state through PyModule_GetState, functions and doc from
# the definition.
import phases

print(phases.__name__, phases.__doc__)
print(phases.order, phases.made_by)
print(phases.bump(), phases.bump(), phases.calls())
print(type(phases).__name__, phases.bump.__name__, phases.calls.__doc__)
import phases as again
print(again is phases, again.calls())
