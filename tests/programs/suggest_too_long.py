# Names that still differ in over 40 characters once their common start
# and end are set aside are never matched, however few the edits.
xconfiguration_value_for_the_primary_database_1 = 1
print(xconfiguration_value_for_the_primary_database_1)
print(yconfiguration_value_for_the_primary_database_2)
