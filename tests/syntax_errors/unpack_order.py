print(**{}, *[])
