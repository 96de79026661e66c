"""durabench_list: a setting as a list, however the inventory wrote it.

An INI inventory gives every [group:vars] value as a string, a YAML inventory or -e JSON gives lists:
accept a list as it is, a string that is a YAML/JSON list as that list, and any other string as words
split on the separator (',' for paths and variants, whitespace for options). Empty is [].
"""
import yaml


def durabench_list(value, separator=' '):
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value]
    text = str(value).strip()
    if not text:
        return []
    if text.startswith('['):
        parsed = yaml.safe_load(text)
        if not isinstance(parsed, list):
            raise ValueError('not a list: %s' % text)
        return [str(v) for v in parsed]
    if separator == ' ':
        return text.split()
    return [part.strip() for part in text.split(separator) if part.strip()]


class FilterModule(object):
    def filters(self):
        return {'durabench_list': durabench_list}
