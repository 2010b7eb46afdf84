try:
    pass
except ValueError:
        try:
            pass
        except ValueError:
                try:
                    pass
                except ValueError:
                        try:
                            pass
                        except ValueError:
                                try:
                                    pass
                                except ValueError:
                                        try:
                                            pass
                                        except ValueError:
                                                try:
                                                    pass
                                                except ValueError:
                                                        try:
                                                            pass
                                                        except ValueError:
                                                                try:
                                                                    pass
                                                                except ValueError:
                                                                        try:
                                                                            pass
                                                                        except ValueError:
                                                                                for x in y:
                                                                                    pass
