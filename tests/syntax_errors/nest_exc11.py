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
                                                                                try:
                                                                                    pass
                                                                                except ValueError:
                                                                                        pass
